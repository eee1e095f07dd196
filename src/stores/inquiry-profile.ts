// What a customer's last inquiry on this device said of where they work, so the next one starts filled
// in: the customer record has no company (SPEC.md's Client), and a buyer asks for quotes again and again.

/** The fields of an inquiry that describe the sender's organisation. */
export interface InquiryProfile {
  company: string;
  department: string;
  country: string;
}

const KEY = 'inquiry-profile';

/** The profile remembered for this customer's email, if any. */
export function inquiryProfileOf(email: string): InquiryProfile | undefined {
  try {
    const stored = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? 'null');
    if (!stored || stored.email !== email.toLowerCase()) return undefined;
    const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 200) : '');
    return { company: text(stored.company), department: text(stored.department), country: text(stored.country) };
  } catch {
    return undefined;
  }
}

/** Remembers the profile of an inquiry a customer sent (one customer per device is kept). */
export function rememberInquiryProfile(email: string, profile: InquiryProfile): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ email: email.toLowerCase(), ...profile }));
  } catch {
    // Storage full or refused: the next form starts empty, as it would anyway.
  }
}
