// Each file builds an app on a fresh database: on a busy machine that alone can pass jest's 5 s.
jest.setTimeout(30_000);
