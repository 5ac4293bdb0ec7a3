import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The files that start server processes: the process tests, and two processes on one database. */
const startsServers = ['/test/process/', '/test/api/two-processes.test.ts'];

/**
 * Vitest's order (longest first where it has timed the files before, largest first where not),
 * but by kind rather than project by project: the files that start server processes first (each
 * waits on servers for many seconds, best begun while the others run), then the web tests (their
 * worker imports React and Mantine once for all of them), then the API and unit tests, short
 * ones that end the run on every worker at about the same time instead of one long web file
 * running alone.
 */
export class ProcessTestsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) =>
      startsServers.some((path) => file.moduleId.includes(path))
        ? 0
        : file.project.name === 'web'
          ? 1
          : 2;
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
