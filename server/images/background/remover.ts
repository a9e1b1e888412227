// Background removal behind one interface (DESIGN §5, issue 14): the classical remover by default (offline, no model
// weights), or a plug-in module named by configuration. Owns choosing and checking the remover; never touches HTTP,
// storage or the database (the remove-bg-image route does).
import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createClassicalRemover } from './classical';

export interface BackgroundRemover {
  /** Shown in logs: which remover answered. */
  readonly name: string;
  /**
   * Any image sharp reads (already checked and auto-oriented by the pipeline) → a PNG with alpha, the same size.
   * Rejects with the signal's reason once it is aborted.
   */
  remove(image: Buffer, signal?: AbortSignal): Promise<Buffer>;
}

/** What a plug-in module's default export is: called once, when the server starts. */
export type BackgroundRemoverFactory = () => BackgroundRemover | Promise<BackgroundRemover>;

export const CLASSICAL_SETTING = 'classical';
export const MODULE_PREFIX = 'module:';

/**
 * The remover a setting (BACKGROUND_REMOVER) names: undefined, '' or 'classical' → the classical remover;
 * 'module:/abs/path.js' or 'module:package-name' → the default export of that module, a BackgroundRemoverFactory.
 * Anything else, or a module that is not such a factory, is an Error naming the setting.
 */
export async function loadRemover(setting: string | undefined): Promise<BackgroundRemover> {
  const value = setting?.trim() ?? '';
  if (value === '' || value === CLASSICAL_SETTING) return createClassicalRemover();
  if (!value.startsWith(MODULE_PREFIX)) {
    throw new Error(`background remover "${value}": expected "${CLASSICAL_SETTING}" or "${MODULE_PREFIX}<absolute path or package name>"`);
  }
  const specifier = value.slice(MODULE_PREFIX.length).trim();
  if (specifier === '' || specifier.startsWith('.')) {
    // A relative path would depend on the directory the server happens to start in.
    throw new Error(`background remover "${value}": name an absolute path or a package after "${MODULE_PREFIX}"`);
  }
  const module = await importPlugin(value, specifier);
  const factory: unknown = module.default;
  if (typeof factory !== 'function') {
    throw new Error(`background remover "${value}": the module's default export must be a function returning a remover, found ${describe(factory)}`);
  }
  let remover: unknown;
  try {
    remover = await Reflect.apply(factory, undefined, []);
  } catch (error) {
    throw new Error(`background remover "${value}": its factory failed: ${errorText(error)}`, { cause: error });
  }
  return checkedRemover(value, remover);
}

async function importPlugin(setting: string, specifier: string): Promise<Record<string, unknown>> {
  // An absolute path is imported as a file URL, so it never reads as a package name (or a drive letter as a scheme).
  const target = isAbsolute(specifier) ? pathToFileURL(specifier).href : specifier;
  try {
    const module: unknown = await import(target);
    if (typeof module !== 'object' || module === null) throw new Error('not a module');
    return module as Record<string, unknown>;
  } catch (error) {
    throw new Error(`background remover "${setting}": cannot import "${specifier}": ${errorText(error)}`, { cause: error });
  }
}

/** What a factory returned, once it has a non-empty name and a remove function. */
function checkedRemover(setting: string, remover: unknown): BackgroundRemover {
  if (typeof remover !== 'object' || remover === null) {
    throw new Error(`background remover "${setting}": the factory returned ${describe(remover)}, not an object with name and remove()`);
  }
  const name: unknown = Reflect.get(remover, 'name');
  const remove: unknown = Reflect.get(remover, 'remove');
  if (typeof name !== 'string' || name.trim() === '') {
    throw new Error(`background remover "${setting}": the remover has no name (a non-empty string)`);
  }
  if (typeof remove !== 'function') {
    throw new Error(`background remover "${setting}": the remover "${name}" has no remove(image, signal) function`);
  }
  return {
    name,
    remove: async (image, signal) => {
      const output: unknown = await Reflect.apply(remove, remover, [image, signal]);
      if (!Buffer.isBuffer(output)) throw new Error(`background remover "${name}" returned ${describe(output)}, not a Buffer`);
      return output;
    },
  };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : typeof value === 'undefined' ? 'nothing' : `a ${typeof value}`;
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
