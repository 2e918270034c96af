import type { ApiErrorBody } from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** An injected request's status, headers and JSON body. */
export interface Answer<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: T;
}

/** Sends a request to the app; `payload` is sent as JSON. */
export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<Answer<T>> {
  const res = await app.inject({
    method,
    url,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  const text = res.body;
  let body: unknown = text;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.statusCode, headers: res.headers, body: body as T };
}

/** Asserts a WooCommerce-style error with its code and status (and, optionally, a named param). */
export function expectError(answer: Answer, status: number, code: string, param?: string) {
  const body = answer.body as ApiErrorBody;
  expect(answer.status).toBe(status);
  expect(body.code).toBe(code);
  expect(body.data.status).toBe(status);
  if (param) expect(Object.keys(body.data.params ?? {})).toContain(param);
}
