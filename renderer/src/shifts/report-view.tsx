import type { ReportView } from '../../../shared/ipc-shifts';

/** The report's sections as main words them for every output: the screen shows the same. */
export function ReportSections({ view }: { view: ReportView }) {
  return (
    <article className="shift-report" aria-labelledby="shift-report-title">
      <h2 id="shift-report-title">{view.title}</h2>
      {view.banner ? <p className="notice notice-warning">{view.banner}</p> : null}
      {view.sections.map((section, index) => (
        <section key={`${index}-${section.title}`}>
          <h3>{section.title}</h3>
          {section.note && section.note !== section.title ? <p>{section.note}</p> : null}
          {section.lines.length > 0 ? (
            <dl className="shift-lines">
              {section.lines.map((line, lineIndex) => (
                <div key={`${lineIndex}-${line.label}`} className="shift-line">
                  <dt>{line.label}</dt>
                  <dd>
                    <bdi dir={line.ltr ? 'ltr' : undefined}>{line.value}</bdi>
                  </dd>
                </div>
              ))}
            </dl>
          ) : null}
        </section>
      ))}
    </article>
  );
}
