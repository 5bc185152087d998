// Shared by the Playwright config and the specs.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3125);
export const E2E_ADMIN = { email: 'admin@metrowest.example', password: 'e2e-admin-password' } as const;

/** A new address per call, so parallel tests never collide. */
export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** The fake AI providers the e2e server is bound to (tests/fakes), on ports of their own beside E2E_PORT. */
export const E2E_REPLICATE_PORT = Number(process.env.E2E_REPLICATE_PORT ?? E2E_PORT + 40);
export const E2E_COMFYUI_PORT = Number(process.env.E2E_COMFYUI_PORT ?? E2E_PORT + 41);
/** A second server bound to the fake ComfyUI, started by providers.spec.ts itself. */
export const E2E_COMFYUI_APP_PORT = Number(process.env.E2E_COMFYUI_APP_PORT ?? E2E_PORT + 42);
export const E2E_REPLICATE_TOKEN = 'r8_e2eFakeReplicateToken0000000000000';
/** What the fake providers return: a solid magenta room nobody could mistake for the offline preview. */
export const E2E_PROVIDER_COLOUR = { r: 230, g: 20, b: 200 } as const;
