import { AppError } from "../errors.js";

/**
 * An error of the /auth/v1 API, answered in the Supabase Auth (GoTrue) shape the official
 * client parses: `code` (the error code, API version 2024-01-01), `error_code`, `msg`.
 */
export class AuthApiError extends AppError {
  constructor(
    status: number,
    public readonly code: string,
    message: string,
    extra: Record<string, unknown> = {},
  ) {
    super(status, message, extra);
  }
}

export const invalidCredentials = () => new AuthApiError(400, "invalid_credentials", "Invalid login credentials");
export const emailNotConfirmed = () => new AuthApiError(400, "email_not_confirmed", "Email not confirmed");
export const validationFailed = (message: string) => new AuthApiError(400, "validation_failed", message);
export const weakPassword = (message: string, reasons: string[]) =>
  new AuthApiError(422, "weak_password", message, { weak_password: { reasons, message } });
export const refreshTokenNotFound = () =>
  new AuthApiError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
export const refreshTokenAlreadyUsed = () =>
  new AuthApiError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used");
export const emailDomainNotAllowed = (message: string) =>
  new AuthApiError(400, "email_address_not_authorized", message);
export const sessionNotFound = () =>
  new AuthApiError(403, "session_not_found", "Session from session_id claim in JWT does not exist");
export const userNotFound = () => new AuthApiError(403, "user_not_found", "User from sub claim in JWT does not exist");
export const noAuthorization = () =>
  new AuthApiError(401, "no_authorization", "This endpoint requires a valid Bearer token");
export const badJwt = () => new AuthApiError(403, "bad_jwt", "invalid JWT: unable to parse or verify signature");
