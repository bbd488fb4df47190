import { PieChart } from '@mantine/charts';

export interface PieSlice {
  name: string;
  value: number;
  color: string;
}

/** The chart itself, in a chunk of its own: the charting library is the dashboard's largest part. */
export default function StatusPieChart({
  data,
  onSliceClick,
}: {
  data: PieSlice[];
  onSliceClick: (index: number) => void;
}) {
  return (
    <PieChart
      data={data}
      size={180}
      withTooltip
      tooltipDataSource="segment"
      strokeWidth={1}
      pieProps={{ cursor: 'pointer', onClick: (_entry: unknown, index: number) => onSliceClick(index) }}
    />
  );
}
