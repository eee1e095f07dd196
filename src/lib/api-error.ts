/** A call the API answered with a code other than 200, or that never got an answer (code 0). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}
