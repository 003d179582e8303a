/**
 * One error vocabulary for the server. Throw these anywhere; the error handler in app.ts
 * turns them into `{ detail }` bodies with their status.
 */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(400, message, extra);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = "Not authenticated") {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = "Forbidden") {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = "Not found") {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}
export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super(415, message);
  }
}
export class UnprocessableError extends AppError {
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(422, message, extra);
  }
}
export class ServiceUnavailableError extends AppError {
  constructor(message: string) {
    super(503, message);
  }
}
