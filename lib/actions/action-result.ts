// The answer of every server action, readable in the browser: its failure has the route
// handlers' error body ({code, message, correlation_id}).
export interface ActionFailure {
  code: string;
  message: string;
  correlation_id?: string;
  /** What the code's sentence in the messages needs (a limit, a count), for the browser to word it. */
  values?: Record<string, string | number>;
}

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: ActionFailure };

/** The sentence a person reads for a failed action, with its reference when there is one. */
export function actionFailureText(error: ActionFailure): string {
  return error.correlation_id ? `${error.message} (reference ${error.correlation_id})` : error.message;
}
