// /labels: the labels screen with the URL's choice of lots, locations and size; a new size replaces the URL's.
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { LabelsScreen } from '../../features/labels/LabelsScreen';

const route = getRouteApi('/authenticated/labels');

export function LabelsPage() {
  const search = route.useSearch();
  const navigate = useNavigate();
  return <LabelsScreen {...search} onFormat={(format) => void navigate({ to: '/labels', search: { ...search, format }, replace: true })} />;
}
