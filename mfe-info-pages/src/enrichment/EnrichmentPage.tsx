import { useState } from 'react';
import { useTranslation } from '@academy/platform';
import { Tabs } from '../common/Tabs.js';
import { EnrichmentCategoryKey, enrichmentCategories } from './enrichmentContent.js';
import '../common/InfoPage.css';
import './EnrichmentPage.css';

/** "Beyond the classroom": activities by category, as cards. */
export default function EnrichmentPage() {
  const { t } = useTranslation('info');
  const [selectedKey, setSelectedKey] = useState<EnrichmentCategoryKey>('classroom');
  const categories = enrichmentCategories(t);
  const categoryTabs = categories.map(({ key, label }) => ({ key, label }));
  const category = categories.find((candidate) => candidate.key === selectedKey)!;

  return (
    <div className="info-page enrichment-page">
      <header className="info-page__header">
        <h1 id="enrichment-heading">{t('enrichment.title')}</h1>
        <p>{t('enrichment.intro')}</p>
      </header>
      <Tabs label={t('enrichment.tabsLabel')} tabs={categoryTabs} selectedKey={selectedKey} onSelect={setSelectedKey} className="enrichment-page__tabs">
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
