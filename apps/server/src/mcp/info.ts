/** The name and version the Storelens MCP server gives clients (HTTP and the stdio bridge). */
export const SERVER_INFO = { name: 'storelens', title: 'Storelens', version: '0.1.0' };
