import { statusCodes } from '@/lib/docs/markdown';
import { InlineMarkdown } from './inline-markdown';

/** The API's status codes, as the OpenAPI document words them. */
export function StatusCodes() {
  const rows = statusCodes();
  return (
    <table className="my-5 w-full text-left text-sm">
      <thead className="bg-ink-50">
        <tr>
          <th scope="col" className="px-4 py-2 font-semibold">
            Code
          </th>
          <th scope="col" className="px-4 py-2 font-semibold">
            Meaning
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-ink-100">
        {rows.map(([code, meaning]) => (
          <tr key={code}>
            <th scope="row" className="px-4 py-2 font-mono font-semibold">
              {code}
            </th>
            <td className="px-4 py-2 text-ink-700">
              <InlineMarkdown text={meaning} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
