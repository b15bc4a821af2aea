(globalThis.__zod_globalConfig ??= {}).jitless = true;
