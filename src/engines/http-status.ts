/** The HTTP status an SDK's error carries (OpenAI's APIError, LangChain's provider errors), if any. */
export function httpStatusOf(err: unknown): number | undefined {
  const status = (err as { status?: unknown } | null | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
}
