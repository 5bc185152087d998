// The homeowner's consent to be contacted by contractors, as the quote form shows it (issue 21; the TCPA
// wants clear words, not pre-ticked, naming who will contact and how, and saying it is not a condition of a
// purchase). The version names the exact text: its wording and the number of contractors in it, so the
// text stored with a lead is the one the homeowner read.
const WORDING = 'quote-contact-2026-11';

export const quoteConsentVersion = (maxContractors: number) => `${WORDING}/${maxContractors}`;

export function quoteConsentText(maxContractors: number): string {
  const who = maxContractors === 1 ? 'one local home-improvement contractor' : `up to ${maxContractors} local home-improvement contractors`;
  return (
    `I agree that MetroWest AI Renovations may share my name, phone number, email address and project details with ${who} ` +
    `(remodelers, kitchen and bath specialists and similar businesses serving my town), and that they may contact me ` +
    `about this project by phone call, text message (which may be sent with automated technology) and email. ` +
    `Agreeing is not a condition of any purchase. Message and data rates may apply. I can withdraw at any time by replying STOP or emailing us.`
  );
}
