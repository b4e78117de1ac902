/** Department 1 is the platform's own: accounts not yet verified for any institute live here (a data rule, docs/ARCHITECTURE.md). */
export const PLATFORM_DEPT_ID = 1;
