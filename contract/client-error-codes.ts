/** Failures the client finds itself, never sent by the server (also message ids, `error.<code>`). Its own module: the client's first load carries these four, not the whole catalogue. */
export const clientErrorCodes = {
  clientSchema: 'client.response.invalid',
  clientTimeout: 'client.timeout',
  clientOffline: 'client.offline',
  clientNetwork: 'client.network',
} as const;
