import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.ts';
import { testServers } from '../support/test-server.ts';

describe.each(testServers())('/index/logo on $name', (server) => {
  it('answers the configured brand in the envelope', async () => {
    const answer = await new ApiClient(server.url).get('/index/logo');
    expect(answer).toEqual({
      status: 200,
      body: { code: 200, msg: 'Success', data: { name: 'Meridian', head_logo: '/logo.svg' } },
    });
  });

  it('says success in the language of the Lang header', async () => {
    const answer = await new ApiClient(server.url).get('/index/logo', {}, { lang: 'zh-CN' });
    expect(answer.body.code).toBe(200);
    expect(answer.body.msg).not.toBe('Success');
  });
});
