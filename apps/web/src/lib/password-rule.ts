/** Same rule as the server's Password schema: 8–20 characters with letters and digits. */
export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d).{8,20}$/;
