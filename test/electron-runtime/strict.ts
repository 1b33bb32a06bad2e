/**
 * Makes a stand-in object strict: reading a member it does not implement throws at once, naming the member, so a
 * test fails where the app would call something this runtime (or Electron 45 itself) does not have, instead of
 * going on with `undefined`. Symbols and `then` pass through: Node's inspector and `await` probe those. Classes
 * (their constructors are the app's to call) stay unwrapped.
 */
export function strict<T extends object>(name: string, target: T): T {
  return new Proxy(target, {
    get(object, property) {
      if (typeof property === 'symbol' || property === 'then' || property in object) {
        // The object itself as `this`: getters may read #private fields, which the proxy does not have.
        const value = Reflect.get(object, property) as unknown;
        // Methods of a class instance are bound to it: those that use #private fields fail when `this` is the proxy.
        // Own properties (plain functions, classes with their statics) are handed out as they are.
        if (typeof value !== 'function' || Object.hasOwn(object, property)) return value;
        return (value as (...args: unknown[]) => unknown).bind(object);
      }
      throw new Error(
        `${name}.${property} is not in the electron stand-in (test/electron-runtime) or not in Electron 45`,
      );
    },
  });
}
