// Breadcrumbs from each cumulative prefix of the current path that has a heading (spec 2, buildBreadcrumbs).
import { Anchor, Breadcrumbs } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buildBreadcrumbs } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { stripLocale } from '@/lib/locale';
import { headingText } from '@/lib/heading-text';
import classes from './app-layout.module.css';

export function PageBreadcrumbs() {
  const { t } = useTranslation();
  const locale = useLocale();
  const crumbs = buildBreadcrumbs(stripLocale(useLocation().pathname));
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label={t('navigation.breadcrumbs')} data-testid="breadcrumbs">
      <Breadcrumbs separator={<IconChevronRight size={14} stroke={1.8} />} separatorMargin={6} className={classes.crumbs}>
        {crumbs.map((crumb, index) => {
          const isLast = index === crumbs.length - 1;
          return (
            <Anchor
              key={crumb.path}
              component={Link}
              to={`/${locale}${crumb.path}`}
              size="sm"
              c={isLast ? 'navy.9' : 'dimmed'}
              fw={isLast ? 600 : 400}
              aria-current={isLast ? 'page' : undefined}
              data-testid="breadcrumb"
            >
              {headingText(t, crumb.headingKey)}
            </Anchor>
          );
        })}
      </Breadcrumbs>
    </nav>
  );
}
