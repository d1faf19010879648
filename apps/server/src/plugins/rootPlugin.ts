/**
 * How the service's cross-cutting concerns become fastify plugins without `fastify-plugin`: the same marks it sets,
 * so each plugin's hooks and handlers land on the instance that registers it and cover every route and the 404
 * handler.
 */
import type { FastifyInstance, FastifyPluginCallback, FastifyPluginOptions } from 'fastify';

/** What fastify checks when a plugin is registered: its name, and the plugins that must be registered before it. */
export type PluginMeta = {
  readonly name: string;
  /** Plugins (by name) that must be registered first; fastify refuses to start otherwise. */
  readonly dependencies?: readonly string[];
};

/**
 * A plugin that registers on the instance that registers it rather than on a child context: fastify's
 * `skip-override` mark, with the name and dependencies fastify checks at registration (the Plugins reference,
 * "Handle the scope"). These are the marks `fastify-plugin` sets; the service does not depend on it for three symbols.
 * No option is named `prefix`: `register` reads that one as the prefix of the plugin's routes.
 *
 * @example
 * export const poweredBy = rootPlugin({ name: 'powered-by' }, (app, options: { readonly name: string }) => {
 *   app.addHook('onSend', async (_request, reply, payload) => {
 *     reply.header('X-Powered-By', options.name);
 *     return payload;
 *   });
 * });
 * app.register(poweredBy, { name: 'dbkit' });
 */
export function rootPlugin<Options extends FastifyPluginOptions = Record<never, never>>(
  meta: PluginMeta,
  register: (app: FastifyInstance, options: Options) => void,
): FastifyPluginCallback<Options> {
  const plugin: FastifyPluginCallback<Options> = (app, options, done) => {
    register(app, options);
    done();
  };
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: meta.name,
    [Symbol.for('plugin-meta')]: meta,
  });
}
