/**
 * What step executors may use besides their `with:`: settings and engines built once from config in
 * the composition root (src/app/runtime.ts). Steps read config only through this, never from the
 * environment, so a test can hand a step exactly the services it needs.
 */
export interface StepServices {
  /** Directories of the operator-editable files. */
  paths: {
    promptsDir: string;
    schemasDir: string;
    knowledgeDir: string;
  };
}
