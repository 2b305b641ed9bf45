import type { ValidateFunction } from 'ajv';
import type { ChatModelProvider } from '../../engines/chat/chat-model.port.js';
import { httpStatusOf } from '../../engines/http-status.js';
import { KnownFailure } from '../../engines/known-failure.js';
import { describeErrors } from '../../json-schema/ajv.js';
import type { StepContext } from '../step.js';

/**
 * Asks the chat model for JSON following `schema`: an answer that breaks it is sent back once with the
 * validation errors to be corrected; a second broken answer, or a failed call, is a KnownFailure (a failed
 * call is transient when the service was down or busy). `who` names the model in errors ("the model").
 */
export async function askModel<T>(
  model: ChatModelProvider,
  call: { prompt: string; schema: Record<string, unknown>; images?: string[] },
  validate: ValidateFunction<T>,
  ctx: StepContext,
  names: { who: string; schema: string },
): Promise<T> {
  const ask = (repair?: { answer: unknown; errors: string[] }) =>
    model.structured({ ...call, repair, signal: ctx.signal }).catch((err: unknown) => {
      if (ctx.signal.aborted) throw err;
      // LangChain's provider errors carry the status, some on their HTTP response.
      const failure = err as { message?: unknown; response?: unknown } | null | undefined;
      const status = httpStatusOf(err) ?? httpStatusOf(failure?.response);
      throw new KnownFailure(
        `${names.who} call failed${status ? ` (HTTP ${status})` : ''}: ${String(failure?.message ?? err).split('\n')[0]}`,
        {
          transient: !status || status >= 500 || status === 429,
        },
      );
    });
  let answer = await ask();
  if (!validate(answer)) {
    const errors = describeErrors(validate.errors).slice(0, 20);
    ctx.logger.warn({ errors }, `${names.who}'s answer broke ${names.schema}; asking for a correction`);
    answer = await ask({ answer, errors });
    if (!validate(answer))
      throw new KnownFailure(
        `${names.who}'s answer did not match ${names.schema} twice: ${describeErrors(validate.errors).slice(0, 5).join('; ')}`,
      );
  }
  return answer;
}
