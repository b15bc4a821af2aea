/**
 * Ports: what one feature needs and another provides, declared in their
 * definitions and checked when the list is composed. A feature adds its
 * port's type to `Ports` by declaration merging (in the needing feature's
 * *.port.ts), lists it in `needs`, and reads it with `ports.get(name)` when it
 * serves a request; the providing definition returns it from `provides`. A
 * port nobody provides fails the start, naming the feature and the port.
 */

/** Every port of the application, by name; filled by the features' declarations. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Ports {}

export type PortName = keyof Ports;

/** How a feature reaches its ports: after the composition, every needed port is there. */
export interface PortAccess {
  get<Name extends PortName>(name: Name): Ports[Name];
}

/** The ports once provided, checked against what each feature needs. */
export function resolvePorts(features: readonly { readonly name: string; readonly needs?: readonly PortName[] }[], provided: readonly { readonly by: string; readonly ports: Partial<Ports> }[]): ReadonlyMap<PortName, string> {
  const providers = new Map<PortName, string>();
  for (const { by, ports } of provided) {
    for (const name of Object.keys(ports).filter(isPortName(ports))) {
      const earlier = providers.get(name);
      if (earlier !== undefined) throw new Error(`features "${earlier}" and "${by}" both provide the port "${String(name)}"`);
      providers.set(name, by);
    }
  }
  for (const feature of features) {
    for (const name of feature.needs ?? []) {
      if (!providers.has(name)) throw new Error(`the ${feature.name} feature needs the port "${String(name)}", which no feature in the list provides`);
    }
  }
  return providers;
}

function isPortName(ports: Partial<Ports>): (key: string) => key is PortName {
  return (key): key is PortName => key in ports && Reflect.get(ports, key) !== undefined;
}

/** The access handed to createServices: answers once the composition has provided the ports. */
export function createPortAccess(): PortAccess & { fill(provided: readonly Partial<Ports>[]): void } {
  let filled: readonly Partial<Ports>[] | null = null;
  return {
    fill(provided) {
      filled = provided;
    },
    get(name) {
      if (!filled) throw new Error(`the port "${String(name)}" was asked for before the features were composed (read ports when serving, not while building services)`);
      for (const ports of filled) {
        const port = ports[name];
        if (port !== undefined) return port;
      }
      throw new Error(`no feature provides the port "${String(name)}"`);
    },
  };
}
