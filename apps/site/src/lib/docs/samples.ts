/** Request samples in curl, JavaScript and Python for an operation and its example body. */
export type Sample = { language: 'bash' | 'javascript' | 'python'; label: string; code: string };

export function requestSamples(url: string, body: unknown): Sample[] {
  const json = JSON.stringify(body, null, 2);
  return [
    {
      language: 'bash',
      label: 'curl',
      code: [
        `curl -X POST '${url}' \\`,
        `  -H "Authorization: Bearer $GROWMAIL_API_KEY" \\`,
        `  -H 'Content-Type: application/json' \\`,
        `  -d '${json.replace(/'/g, `'\\''`)}'`,
      ].join('\n'),
    },
    {
      language: 'javascript',
      label: 'JavaScript',
      code: [
        `const response = await fetch('${url}', {`,
        `  method: 'POST',`,
        `  headers: {`,
        '    Authorization: `Bearer ${process.env.GROWMAIL_API_KEY}`,',
        `    'Content-Type': 'application/json',`,
        `  },`,
        `  body: JSON.stringify(${indent(json, 2)}),`,
        `});`,
        `const { error, payload } = await response.json();`,
      ].join('\n'),
    },
    {
      language: 'python',
      label: 'Python',
      code: [
        `import os`,
        `import requests`,
        ``,
        `response = requests.post(`,
        `    "${url}",`,
        `    headers={"Authorization": f"Bearer {os.environ['GROWMAIL_API_KEY']}"},`,
        `    json=${indent(pythonLiteral(body), 4)},`,
        `    timeout=10,`,
        `)`,
        `result = response.json()  # {"error": ..., "payload": ...}`,
      ].join('\n'),
    },
  ];
}

const indent = (text: string, spaces: number) => text.split('\n').join(`\n${' '.repeat(spaces)}`);

/** JSON as a Python literal: the same text except true, false and null. */
function pythonLiteral(value: unknown): string {
  return JSON.stringify(value, null, 4)
    .replace(/: true\b/g, ': True')
    .replace(/: false\b/g, ': False')
    .replace(/: null\b/g, ': None');
}
