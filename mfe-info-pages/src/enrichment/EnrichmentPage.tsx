import { useState } from 'react';
import { Tabs } from '../common/Tabs.js';
import { EnrichmentCategoryKey, enrichmentCategories } from './enrichmentContent.js';
import '../common/InfoPage.css';
import './EnrichmentPage.css';

const categoryTabs = enrichmentCategories.map(({ key, label }) => ({ key, label }));

/** "Beyond the classroom": activities by category, as cards. */
export default function EnrichmentPage() {
  const [selectedKey, setSelectedKey] = useState<EnrichmentCategoryKey>('classroom');
  const category = enrichmentCategories.find((candidate) => candidate.key === selectedKey)!;

  return (
    <div className="info-page enrichment-page">
      <header className="info-page__header">
        <h1 id="enrichment-heading">Enrichment</h1>
        <p>Beyond the classroom: the water, the track, the stage and the road, where our students grow in other ways.</p>
      </header>
      <Tabs label="Activity categories" tabs={categoryTabs} selectedKey={selectedKey} onSelect={setSelectedKey} className="enrichment-page__tabs">
        <ul className="card-grid">
          {category.activities.map((activity) => (
            <li key={activity.title} className="card">
              <img src={activity.image} alt={activity.imageAlt} className="card__image" width={320} height={200} />
              {!category.imagesOnly && (
                <div className="card__body">
                  <h2 className="enrichment-page__title">{activity.title}</h2>
                  <p>{activity.description}</p>
                </div>
              )}
            </li>
          ))}
        </ul>
      </Tabs>
    </div>
  );
}
