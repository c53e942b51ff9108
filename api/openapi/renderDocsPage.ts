import type { OpenApiSpec } from './buildOpenApiSpec'

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** Escaped text whose `backticked` spans (the descriptions are written that way) show as code. */
function prose(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>')
}

type Operation = {
  summary?: string
  parameters?: { name: string; in: string; required?: boolean; description?: string }[]
  responses: Record<string, { description: string }>
}

/**
 * A self-contained HTML page describing the API, rendered from the OpenAPI document on the server:
 * no script, no external stylesheet or font, so it works offline and under a strict CSP.
 */
export function renderDocsPage(spec: OpenApiSpec): string {
  const base = escapeHtml(spec.servers[0]?.url ?? '')
  const sections = Object.entries(spec.paths as Record<string, Record<string, Operation>>)
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => {
        const parameters = (operation.parameters ?? [])
          .map(
            (parameter) =>
              `<tr><td><code>${escapeHtml(parameter.name)}</code></td><td>${escapeHtml(parameter.in)}</td>` +
              `<td>${parameter.required ? 'yes' : 'no'}</td><td>${prose(parameter.description ?? '')}</td></tr>`,
          )
          .join('')
        const responses = Object.entries(operation.responses)
          .map(([status, response]) => `<li><b>${escapeHtml(status)}</b> ${prose(response.description)}</li>`)
          .join('')
        return (
          // The path alone in the heading (the base URL is said once, above): a full URL in large
          // monospace made a phone's page scroll sideways.
          `<section><h2><span class="m">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h2>` +
          `<p>${prose(operation.summary ?? '')}</p>` +
          (parameters
            ? `<div class="wide"><table><thead><tr><th>name</th><th>in</th><th>required</th><th>meaning</th></tr></thead><tbody>${parameters}</tbody></table></div>`
            : '') +
          `<ul>${responses}</ul></section>`
        )
      }),
    )
    .join('\n')
  const schemas = Object.entries(spec.components.schemas)
    .map(
      ([name, schema]) =>
        `<section id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></section>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(spec.info.title)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
code,pre{font-family:ui-monospace,monospace}pre{background:#f5f5f5;padding:1rem;overflow:auto;font-size:13px}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
.m{background:#0b5;color:#fff;padding:0 .4rem;border-radius:3px;font-size:.8em}section{margin-bottom:2rem}
.wide{overflow-x:auto}p code,h2 code{overflow-wrap:anywhere}td code{white-space:nowrap}
</style>
</head>
<body>
<h1>${escapeHtml(spec.info.title)} <small>${escapeHtml(spec.info.version)}</small></h1>
<p>${prose(spec.info.description)}</p>
<p>Base URL: <code>${base}</code>. Machine-readable description: <a href="openapi.json">openapi.json</a> (OpenAPI ${escapeHtml(spec.openapi)}).</p>
${sections}
<h2>Schemas</h2>
${schemas}
</body>
</html>
`
}
