// Shared by the Playwright config and the specs.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3125);
export const E2E_ADMIN = { email: 'admin@metrowest.example', password: 'e2e-admin-password' } as const;

/** A new address per call, so parallel tests never collide. */
export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
