/**
 * A social-security number grouped as the carte Vitale prints it: sex, year, month,
 * département, commune, order, key ("2 84 03 75 111 042 60"). Anything that is not 15
 * characters (13 without the key) is shown as the API gave it.
 */
export function formatNir(value: string): string {
  const compact = value.replace(/\s+/g, '');
  const groups = /^(\w)(\d{2})(\d{2})(\w{2})(\d{3})(\d{3})(\d{2})?$/.exec(compact);
  return groups ? groups.slice(1).filter(Boolean).join(' ') : value;
}
