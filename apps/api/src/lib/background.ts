import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that runs after the answer has left (mails of account calls): the answer then costs the
 * same whatever the work is, so its time tells nobody whether an address has an account (issue
 * 21). Tasks run one after another; a failure is logged, never thrown at anyone.
 */
export type Background = {
  /** Queues `task`; it starts once the tasks queued before it are done. */
  run(what: string, task: () => Promise<void>): void;
  /** Resolves when every task queued so far is done (tests, and closing the app). */
  idle(): Promise<void>;
};

export function backgroundQueue(log: FastifyBaseLogger): Background {
  let tail: Promise<void> = Promise.resolve();
  return {
    run(what, task) {
      // setImmediate: the handler's answer is written before the task starts any work.
      tail = tail.then(
        () =>
          new Promise<void>((resolve) => {
            setImmediate(() => {
              task()
                .catch((err: unknown) => log.error({ err }, `${what} failed`))
                .finally(resolve);
            });
          }),
      );
    },
    idle: () => tail,
  };
}
