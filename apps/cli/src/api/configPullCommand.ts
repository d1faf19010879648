/** `dbkit config pull GROUP [--out FILE]`: the stored automation config, byte for byte. */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ApiAction } from './args.js';
import type { ApiContext } from './context.js';

export async function runConfigPull(
  action: Extract<ApiAction, { kind: 'config pull' }>,
  ctx: ApiContext,
): Promise<number> {
  const stored = await ctx.client.automationConfig.get(action.group);
  if (action.out === undefined) {
    // The document itself, unfiltered: it is the service's text, exactly.
    ctx.io.stdout.write(stored.text);
    return 0;
  }
  try {
    writeFileSync(resolve(ctx.io.cwd, action.out), stored.text);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    ctx.err.write(`dbkit: cannot write ${action.out} (${code}); choose another --out\n`);
    return 2;
  }
  ctx.out.write(
    `Pulled version ${stored.version} of the automation config of ${action.group} into ${action.out}. Edit it, then: dbkit config push ${action.group} ${action.out}\n`,
  );
  return 0;
}
