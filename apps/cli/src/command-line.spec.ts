import { apiUrlProblem, readCommandLine } from './command-line';

describe('the CLI command line', () => {
  const usage = (...argv: string[]) => {
    const line = readCommandLine(argv);
    if (line.kind !== 'usage') throw new Error(`expected a usage error, got ${JSON.stringify(line)}`);
    return line.message;
  };

  it('reads a command with the options it takes', () => {
    expect(readCommandLine(['stats'])).toEqual({ kind: 'command', command: 'stats', options: {} });
    expect(readCommandLine(['replay', '--projection', 'feed'])).toEqual({
      kind: 'command',
      command: 'replay',
      options: { projection: 'feed' },
    });
    expect(
      readCommandLine(['submit', '--file', 'a.json', '--url', 'https://api.example/v1', '--key', 'k']),
    ).toEqual({
      kind: 'command',
      command: 'submit',
      options: { file: 'a.json', url: 'https://api.example/v1', key: 'k' },
    });
    expect(readCommandLine(['--help'])).toEqual({ kind: 'help' });
    expect(readCommandLine(['stats', '-h'])).toEqual({ kind: 'help' });
  });

  it('refuses an option of another command, an extra argument and a malformed URL, naming them', () => {
    expect(usage('stats', '--file', 'x', '--token', 'y')).toBe('stats takes no options, not --file');
    expect(usage('replay', '--projection', 'feed', 'now', 'please')).toBe(
      'replay takes no arguments, got "now" "please"',
    );
    expect(usage('submit', '--projection', 'feed', '--file', 'a.json')).toBe(
      'submit takes --file, --url, --token, --key, not --projection',
    );
    expect(usage('submit', '--file', 'a.json', '--url', 'notaurl')).toBe(
      '--url must be an http(s) URL, got "notaurl"',
    );
    expect(usage('submit', '--file', 'a.json', '--url', 'ftp://host/')).toMatch(
      /--url must be an http\(s\) URL/,
    );
    expect(usage('submit', '--file', 'a.json', '--url', 'http://user:secret@127.0.0.1:3000')).toBe(
      '--url must not carry a user name or password',
    );
    expect(usage('submit', '--file', 'a.json', '--url', 'http://127.0.0.1:3000/?x=1#f')).toBe(
      '--url must be the API\'s base URL, without a query or fragment, got "http://127.0.0.1:3000/?x=1#f"',
    );
    expect(usage('replay', '--projection', 'feed', '--projection', 'operations')).toBe(
      '--projection is given twice',
    );
  });

  it('refuses no command, an unknown one, an unknown option, a missing value and replay without a projection', () => {
    expect(usage()).toBe('no command given');
    expect(usage('rebuild')).toBe('unknown command "rebuild"');
    expect(usage('stats', '--bogus')).toMatch(/Unknown option '--bogus'/);
    expect(usage('replay', '--projection')).toMatch(/--projection/);
    expect(usage('replay')).toBe('replay needs --projection <name>');
  });

  it('checks an API base URL from the environment the same way', () => {
    expect(apiUrlProblem('http://localhost:3000')).toBeNull();
    expect(apiUrlProblem('https://api.example/v1/')).toBeNull();
    expect(apiUrlProblem('ftp://x')).toBe('must be an http(s) URL, got "ftp://x"');
    for (const bare of ['http://127.0.0.1:3000/?', 'http://127.0.0.1:3000/#'])
      expect(apiUrlProblem(bare)).toMatch(/without a query or fragment/);
  });
});
