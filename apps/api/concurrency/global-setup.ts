import type { TestProject } from 'vitest/node';
import { provideScratchDatabases } from '../test/scratch-database';

/** The run's scratch databases share a prefix; the teardown drops any a test left behind. */
export default function setup(project: TestProject) {
  return provideScratchDatabases(project);
}
