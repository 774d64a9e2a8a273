import type { ChapterDto } from '@academy/contracts';
import { lecturesInOrder } from '@academy/contracts';

function Resource({ url, label }: { url: string | null; label: string }) {
  if (!url) return <span className="resources__soon">Coming Soon</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="resources__download">
      Download<span className="visually-hidden"> {label} (opens in a new tab)</span>
    </a>
  );
}

/** Lecture Resources: notes and test of every lecture, or a red "Coming Soon". */
export function LectureResources({ chapters }: { chapters: ChapterDto[] }) {
  const rows = lecturesInOrder(chapters);
  return (
    <section className="resources" aria-labelledby="resources-title">
      <h2 id="resources-title">Lecture Resources</h2>
      <div className="resources__scroll">
        <table className="resources__table">
          <thead>
            <tr>
              <th scope="col">Lecture</th>
              <th scope="col">Notes</th>
              <th scope="col">Test</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ lecture, label }) => {
              const name = `Lecture ${label} - ${lecture.lectureTitle}`;
              return (
                <tr key={lecture.lectureId}>
                  <th scope="row">{name}</th>
                  <td><Resource url={lecture.notesUrl} label={`notes of ${name}`} /></td>
                  <td><Resource url={lecture.testUrl} label={`test of ${name}`} /></td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
