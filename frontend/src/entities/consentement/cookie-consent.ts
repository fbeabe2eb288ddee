/**
 * The member's answer in "Gestion des cookies", kept in this browser for 6 months. Only
 * strictly necessary cookies exist today, so nothing reads the choice to switch a cookie on;
 * it is recorded so that any optional cookie added later starts from what the member said.
 */
export type ConsentChoice = 'accepted' | 'refused';

export interface Consent {
  choice: ConsentChoice;
  expiresAt: Date;
}

export const consentStorageKey = 'cookie-consent';

/** Six calendar months, the usual ceiling for keeping a cookie choice (CNIL guidance). */
const consentMonths = 6;

function isStoredConsent(value: unknown): value is { choice: ConsentChoice; expiresAt: string } {
  if (typeof value !== 'object' || value === null) return false;
  const { choice, expiresAt } = value as Record<string, unknown>;
  return (choice === 'accepted' || choice === 'refused') && typeof expiresAt === 'string';
}

/** The current choice, or `null` when none was made or it has expired. */
export function readConsent(now: Date = new Date()): Consent | null {
  let stored: unknown;
  try {
    stored = JSON.parse(localStorage.getItem(consentStorageKey) ?? 'null');
  } catch {
    return null;
  }
  if (!isStoredConsent(stored)) return null;
  const expiresAt = new Date(stored.expiresAt);
  if (Number.isNaN(expiresAt.getTime()) || expiresAt <= now) return null;
  return { choice: stored.choice, expiresAt };
}

export function saveConsent(choice: ConsentChoice, now: Date = new Date()): Consent {
  const expiresAt = new Date(now);
  expiresAt.setMonth(expiresAt.getMonth() + consentMonths);
  localStorage.setItem(
    consentStorageKey,
    JSON.stringify({ choice, expiresAt: expiresAt.toISOString() }),
  );
  return { choice, expiresAt };
}
