/**
 * The default-unit dialog (docs/domains/identity.md#default-unit-dialog) is offered once per tab to a user with several units and no
 * default. Closing it, or declining "设为常用单位" when choosing the unit at login, ends the offer
 * for this tab: nobody is asked twice in a row.
 */
const DISMISSED_KEY = 'kc:default-unit-dismissed';

export function defaultUnitOfferDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function dismissDefaultUnitOffer(): void {
  try {
    sessionStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // storage refused (private mode): the dialog may come again, nothing worse
  }
}
