export interface PieSlice {
  name: string;
  value: number;
  /** A Mantine color, `gray.6`. */
  color: string;
}

const SIZE = 180;
const RADIUS = SIZE / 2 - 1;
const CENTER = SIZE / 2;

const cssColor = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;

function point(angle: number): string {
  return `${(CENTER + RADIUS * Math.cos(angle)).toFixed(3)} ${(CENTER + RADIUS * Math.sin(angle)).toFixed(3)}`;
}

/**
 * The pie itself: one SVG path a slice, from twelve o'clock clockwise, each named on hover and
 * opening its list on a click. It is a picture (the caller wraps it in role="img" beside a list
 * with the same counts and links), so it is hidden from assistive technology.
 */
export function StatusPieChart({
  data,
  onSliceClick,
}: {
  data: PieSlice[];
  onSliceClick: (index: number) => void;
}) {
  const total = data.reduce((sum, slice) => sum + slice.value, 0);
  let angle = -Math.PI / 2;
  return (
    <svg width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`} aria-hidden="true" focusable="false">
      {data.map((slice, index) => {
        if (slice.value <= 0 || total <= 0) return null;
        const share = slice.value / total;
        const start = angle;
        angle += share * 2 * Math.PI;
        const common = {
          fill: cssColor(slice.color),
          stroke: 'var(--mantine-color-body)',
          strokeWidth: 1,
          cursor: 'pointer',
          onClick: () => onSliceClick(index),
          'data-slice': index,
        };
        const title = <title>{`${slice.name}: ${slice.value}`}</title>;
        if (share >= 1) {
          return (
            <circle key={slice.name} cx={CENTER} cy={CENTER} r={RADIUS} {...common}>
              {title}
            </circle>
          );
        }
        const largeArc = share > 0.5 ? 1 : 0;
        return (
          <path
            key={slice.name}
            d={`M ${CENTER} ${CENTER} L ${point(start)} A ${RADIUS} ${RADIUS} 0 ${largeArc} 1 ${point(angle)} Z`}
            {...common}
          >
            {title}
          </path>
        );
      })}
    </svg>
  );
}
