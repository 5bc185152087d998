// Budgets that the benches report and that a test also holds, because they do not depend on the machine's speed.

/** The home page's JavaScript, gzipped: every script fetched until the page is idle (issue 22). */
export const HOME_PAGE_JS_BUDGET_KB = 80;
/** How long after the network is idle a page is still watched for what it fetches. */
export const IDLE_SETTLE_MS = 500;
