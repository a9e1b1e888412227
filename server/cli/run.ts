// What every command-line tool shares: print a line to stdout (success) or stderr (failure), and run main()
// to an exit code, so an unexpected error is one readable line, not a stack trace.
export function print(text: string, code: number): number {
  (code === 0 ? process.stdout : process.stderr).write(`${text}\n`);
  return code;
}

export function runCli(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
