/**
 * Leaves the portal for a page that takes a form posted to it (the payment service provider's,
 * where the member types their card): a top-level navigation by POST, as a form of the page would
 * make, which `fetch` cannot. `champs` go as hidden fields, as they are and nothing else: they are
 * signed as a whole, so one field more or changed and the provider refuses the form. The form is
 * built in the page, never shown, and posted at once (no `submit` event to listen to).
 */
export function postForm(action: string, champs: Readonly<Record<string, string>>): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = action;
  form.hidden = true;
  for (const [name, value] of Object.entries(champs)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
