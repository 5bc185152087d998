// The response envelope every endpoint uses: { success: true, ... } or { success: false, error }.

export type ApiFailure = { success: false; error: string; code?: string; details?: string };
export type ApiSuccess<T extends object = object> = { success: true } & T;

/** The signed-in person as the client sees it: better-auth's user plus the profile role. */
export type CurrentUser = {
  id: string;
  email: string;
  name: string;
  role: import('./constants').Role;
};
