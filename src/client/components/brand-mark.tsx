import { Anchor, Title } from '@mantine/core';
import { Link } from 'react-router';

/** The product's name: a brand, written the same in every language. */
export const brandName = 'Planport';

type Props = {
  /** `home-link` in the shell's top bar (to the dashboard); `heading` as the h1 of a page without the shell. */
  as: 'home-link' | 'heading';
};

/** The brand as the app's pages show it. */
export function BrandMark({ as }: Props) {
  if (as === 'heading')
    return (
      <Title order={1} size="h2">
        {brandName}
      </Title>
    );
  return (
    <Anchor component={Link} to="/home/app/dash" underline="never" c="teal.9" fw={700} fz="lg">
      {brandName}
    </Anchor>
  );
}
