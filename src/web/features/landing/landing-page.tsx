import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAddressBook,
  IconCalendarDue,
  IconChartFunnel,
  IconCoin,
  IconListCheck,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Brand } from '../../components/brand.tsx';
import { MAIN_CONTENT } from '../../components/skip-link.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';

/** Where the contact-us link leads: an external form, set at build time. */
const CONTACT_FORM_URL =
  import.meta.env.VITE_CONTACT_FORM_URL ?? 'https://forms.grantwell.org/contact';

const features = [
  {
    icon: IconAddressBook,
    title: 'Contacts that remember',
    text: 'Every funder, partner and volunteer, with each meeting, call and email logged.',
  },
  {
    icon: IconCoin,
    title: 'A grant pipeline',
    text: 'From draft to awarded: see what is in play and how much it is worth.',
  },
  {
    icon: IconListCheck,
    title: 'Tasks on a board',
    text: 'Research, proposal, outreach and submission tasks for every grant.',
  },
  {
    icon: IconCalendarDue,
    title: 'Deadlines in your calendar',
    text: 'Upcoming due dates on your dashboard, one click from your calendar.',
  },
  {
    icon: IconChartFunnel,
    title: 'Funding opportunities',
    text: 'Track prospects by stage, with win probabilities that add up.',
  },
  {
    icon: IconUsersGroup,
    title: 'Your whole team',
    text: 'Invite colleagues by email, with admin and user roles.',
  },
];

export function LandingPage() {
  useDocumentTitle();
  return (
    <Box>
      <Container size="lg" py="md" component="header">
        <Group justify="space-between">
          <Brand />
          <Group gap="sm" component="nav" aria-label="Account">
            <Button component={Link} to={paths.auth} variant="subtle">
              Log in
            </Button>
            <Button component={Link} to={paths.register} variant="light">
              Sign up
            </Button>
          </Group>
        </Group>
      </Container>

      <Container size="lg" component="main" {...MAIN_CONTENT}>
        <Stack align="center" ta="center" py={64} gap="lg">
          <Badge variant="light" size="lg">
            The CRM for grant-funded, social-impact organisations
          </Badge>
          <Title order={1} fz={{ base: 36, sm: 48 }} maw={760}>
            Win more grants. Keep every relationship.
          </Title>
          <Text size="lg" c="dimmed" maw={640}>
            Grantwell brings your contacts, conversations, grants, deadlines and funding
            opportunities together, so a small team can do the work of a large one.
          </Text>
          <Button component={Link} to={paths.register} size="lg">
            Start Free Trial
          </Button>
          <Text size="sm" c="dimmed">
            No credit card required · Cancel anytime
          </Text>
        </Stack>

        <Title order={2} ta="center" mb="lg">
          Everything your development team needs
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" component="ul" p={0}>
          {features.map((feature) => (
            <Card key={feature.title} withBorder radius="md" padding="lg" component="li">
              <ThemeIcon size="lg" variant="light" mb="sm" aria-hidden="true">
                <feature.icon size={20} />
              </ThemeIcon>
              <Title order={3} size="h4" mb={4}>
                {feature.title}
              </Title>
              <Text c="dimmed" size="sm">
                {feature.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>

        <Stack align="center" ta="center" py={64} gap="sm">
          <Title order={2}>Questions?</Title>
          <Text c="dimmed">We are happy to show you around.</Text>
          <Anchor href={CONTACT_FORM_URL} target="_blank" rel="noopener noreferrer">
            Contact us
          </Anchor>
        </Stack>
      </Container>
    </Box>
  );
}
