import { FRAME_ENDPOINTS } from '@yaoshi/contracts/hydration';
import { serverHydrationData } from './hydration';

function page(html: string): Document {
  const doc = document.implementation.createHTMLDocument('');
  doc.body.innerHTML = html;
  return doc;
}

const TAKEOVER = '<script src="/site-takeover.js" data-main="/main.1.js" data-hydrate></script>';
const ANSWERS = (json: string) => `<script type="application/json" id="yaoshi-hydration">${json}</script>`;

test('a page rendered for hydration gives its answers; malformed entries are left out', () => {
  const doc = page(
    `<div id="root"><main></main></div>${ANSWERS(
      JSON.stringify({
        queries: [
          { endpointName: 'article', arg: 7, value: { title: '通知' } },
          { endpointName: 3, value: 1 },
          { arg: 1 },
        ],
      }),
    )}${TAKEOVER}`,
  );
  expect(serverHydrationData(doc)).toEqual([{ endpointName: 'article', arg: 7, value: { title: '通知' } }]);
});

test('without data-hydrate, without answers or with answers that are not JSON, the page is not hydrated', () => {
  const answers = ANSWERS('{"queries":[]}');
  expect(serverHydrationData(page(`${answers}<script data-main="/main.1.js"></script>`))).toBeUndefined();
  expect(serverHydrationData(page(TAKEOVER))).toBeUndefined();
  expect(serverHydrationData(page(`${ANSWERS('{"queries":')}${TAKEOVER}`))).toBeUndefined();
  expect(serverHydrationData(page(`${ANSWERS('{"queries":{}}')}${TAKEOVER}`))).toBeUndefined();
  expect(serverHydrationData(page(`${answers}${TAKEOVER}`))).toEqual([]);
});

test("the frame's answers go to the shell's own endpoints (the server names them with FRAME_ENDPOINTS)", async () => {
  const { api } = await import('@yaoshi/api-client/api');
  await import('@yaoshi/api-client/site-settings-api');
  await import('../site-settings/site-content-api');
  for (const name of Object.values(FRAME_ENDPOINTS)) expect(Object.keys(api.endpoints)).toContain(name);
});
