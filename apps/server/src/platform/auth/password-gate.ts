/**
 * An account created with an initial password (by an administrator) must change it before it does
 * anything else. The web client shows the forced-change dialog; the server enforces the same:
 * until the change, a logged-in call outside this list answers 40013 (HTTP 400, so the client does
 * not end the session). The list is what the dialog and the session itself need: who am I, my
 * units, the change itself (with the old password or an SMS code), logging out.
 */
const BEFORE_PASSWORD_CHANGE = new Set([
  'GET /uac/v1/caas-user/getUserAllInfo',
  'GET /uac/v1/caas-user/whetherPassChanged',
  'POST /uac/v1/caas-user/verifyAndModify',
  'POST /uac/v1/sms/sendCode',
  'POST /uac/v1/caas-user/self/modifyWithCode',
  'DELETE /uac/v1/caas-user/logout',
  'GET /uac/v1/dept/getLoginUserOptionalDept',
  'POST /uac/v1/dept/setCurrentDept',
  'POST /uac/v1/caas-user/setDefaultDept',
  'GET /uac/v1/dept/getLoginUserInstitute',
]);

/** Whether a route (method and its declared url) may be called before the initial password is changed. */
export const allowedBeforePasswordChange = (method: string, routeUrl: string) => BEFORE_PASSWORD_CHANGE.has(`${method} ${routeUrl}`);
