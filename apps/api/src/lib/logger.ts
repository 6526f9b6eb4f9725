import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';

/**
 * One logger for the process (decision 0047): the API's requests, the storefront's pages and
 * their errors, the mailer and the database pool all write through it, each request's lines
 * carrying its `reqId`.
 */

/** How the log is written: readable lines for a person at a terminal, JSON lines for machines. */
export type LogFormat = 'pretty' | 'json';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * LOG_FORMAT when set; otherwise readable lines only for a person at a terminal who did not say
 * production: stdout a TTY and NODE_ENV not `production`. A container, a process manager or a
 * pipe (no TTY), or NODE_ENV=production, gets JSON that log collectors parse.
 */
export function logFormatOf(
  env: { LOG_FORMAT?: LogFormat | undefined; NODE_ENV?: string | undefined },
  tty: boolean,
): LogFormat {
  if (env.LOG_FORMAT) return env.LOG_FORMAT;
  return tty && env.NODE_ENV !== 'production' ? 'pretty' : 'json';
}

/**
 * pino-pretty's settings: one line of time, level, request id, message, and a request's method,
 * path, status and time; the request and response objects are left out (the JSON form has them),
 * other details follow the line, an error's stack below it.
 */
export const PRETTY_OPTIONS = {
  translateTime: 'SYS:HH:MM:ss.l',
  ignore: 'pid,hostname,req,res,reqId,method,url,statusCode,responseTime',
  messageFormat:
    '{if reqId}[{reqId}] {end}{msg}{if method} {method}{end}{if url} {url}{end}' +
    '{if statusCode} {statusCode}{end}{if responseTime} {responseTime} ms{end}',
  singleLine: true,
} as const;

/**
 * The process's logger, writing to `destination` (stdout by default). Pretty lines are formatted
 * in this thread (pino-pretty as a stream, not a worker transport): a terminal's output is small,
 * and a stream keeps the lines in order with everything else the process writes.
 */
export function createLogger({
  level,
  format,
  destination,
  colorize,
}: {
  level: LogLevel;
  format: LogFormat;
  destination?: DestinationStream;
  /** Colours in pretty lines; by default when writing to a terminal. */
  colorize?: boolean;
}): Logger {
  if (format === 'json') return pino({ level }, destination ?? pino.destination({ fd: 1 }));
  const colours = colorize ?? (destination === undefined && process.stdout.isTTY === true);
  return pino(
    { level },
    pretty({
      ...PRETTY_OPTIONS,
      colorize: colours,
      sync: true,
      ...(destination ? { destination } : {}),
    }),
  );
}
