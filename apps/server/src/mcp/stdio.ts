/**
 * `npm run mcp`: the Storelens MCP server on stdio, for desktop assistants that start their
 * servers as programs (Claude Desktop and others). It holds no data and no database: it
 * connects to a running Storelens server's `/mcp` over Streamable HTTP with an application
 * password and passes every request through, so the tools act as that user there.
 *
 *   STORELENS_URL=https://stats.example.com STORELENS_USER=owner@example.com \
 *   STORELENS_APP_PASSWORD='abcd EFGH ijkl MNOP qrst UVWX yz01 2345' npm run --silent mcp
 *
 * Flags --url, --user and --app-password do the same (the environment keeps the password out
 * of the process list). Messages go to stderr: stdout carries the protocol only.
 */
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { SERVER_INFO } from './info';

const usage = `Usage: npm run --silent mcp -- [--url URL] [--user EMAIL] [--app-password PASSWORD]
Serves Storelens's MCP tools on stdio by calling a running Storelens server as one user.
  --url           the server's address (STORELENS_URL; default http://127.0.0.1:8080)
  --user          the user's e-mail (STORELENS_USER)
  --app-password  an application password of that user, made in Profile (STORELENS_APP_PASSWORD)`;

/** The settings of the bridge, from flags or the environment. */
function bridgeOptions(
  argv: string[],
  env: NodeJS.ProcessEnv,
): { url: URL; user: string; password: string } | { error: string } | { help: true } {
  const { values } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      user: { type: 'string' },
      'app-password': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return { help: true };
  const url = values.url ?? env.STORELENS_URL ?? 'http://127.0.0.1:8080';
  const user = values.user ?? env.STORELENS_USER ?? '';
  const password = values['app-password'] ?? env.STORELENS_APP_PASSWORD ?? '';
  if (!user || !password)
    return {
      error: 'Give the user and an application password (STORELENS_USER, STORELENS_APP_PASSWORD).',
    };
  let base: URL;
  try {
    base = new URL(url);
  } catch {
    return { error: `STORELENS_URL is not a web address: ${url}` };
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    return { error: `STORELENS_URL must be http or https: ${url}` };
  return {
    url: new URL('mcp', base.href.endsWith('/') ? base.href : `${base.href}/`),
    user,
    password,
  };
}

/** Why connecting failed, in words for the person who set the bridge up. */
function explain(error: unknown, url: URL): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/\b401\b/.test(message))
    return `${url.origin} refused the user or the application password (401).`;
  if (/\b403\b/.test(message)) return `${url.origin} refused this user (403): ${message}`;
  return `Could not reach Storelens at ${url.href}: ${message}`;
}

async function main(): Promise<number | undefined> {
  const options = bridgeOptions(process.argv.slice(2), process.env);
  if ('help' in options) {
    console.error(usage);
    return 0;
  }
  if ('error' in options) {
    console.error(`${options.error}\n\n${usage}`);
    return 1;
  }
  const authorization = `Basic ${Buffer.from(`${options.user}:${options.password}`).toString('base64')}`;
  const remote = new Client({ name: 'storelens-stdio', version: SERVER_INFO.version });
  try {
    await remote.connect(
      new StreamableHTTPClientTransport(options.url, {
        requestInit: { headers: { authorization } },
      }),
    );
  } catch (error) {
    console.error(explain(error, options.url));
    return 1;
  }

  const local = new Server(remote.getServerVersion() ?? SERVER_INFO, {
    capabilities: remote.getServerCapabilities() ?? {},
    ...(remote.getInstructions() ? { instructions: remote.getInstructions()! } : {}),
  });
  // Each request is passed through as it is; the remote's answer (or error) comes back as it is.
  local.setRequestHandler(ListToolsRequestSchema, (request) => remote.listTools(request.params));
  local.setRequestHandler(CallToolRequestSchema, (request) => remote.callTool(request.params));
  local.setRequestHandler(ListResourcesRequestSchema, (request) =>
    remote.listResources(request.params),
  );
  local.setRequestHandler(ListResourceTemplatesRequestSchema, (request) =>
    remote.listResourceTemplates(request.params),
  );
  local.setRequestHandler(ReadResourceRequestSchema, (request) =>
    remote.readResource(request.params),
  );
  local.setRequestHandler(ListPromptsRequestSchema, (request) =>
    remote.listPrompts(request.params),
  );
  local.setRequestHandler(GetPromptRequestSchema, (request) => remote.getPrompt(request.params));

  const closed = new Promise<void>((resolve) => {
    local.onclose = resolve;
  });
  await local.connect(new StdioServerTransport());
  process.stdin.once('end', () => void local.close());
  await closed;
  await remote.close();
  return 0;
}

main().then(
  (code) => process.exit(code ?? 0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
