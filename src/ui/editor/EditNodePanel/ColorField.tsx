/** The 15-colour palette; each swatch is a button named by its hex value. */
import { CheckIcon, ColorSwatch, Input, SimpleGrid } from '@mantine/core';
import { PALETTE } from '../../../state/model';

export function ColorField({ value, disabled = false, onChange }: { value: string; disabled?: boolean; onChange(hex: string): void }) {
  const current = value.toLowerCase();
  return (
    <Input.Wrapper label="Color" labelElement="div" id="mf-color" size="xs">
      <SimpleGrid cols={8} spacing={6} verticalSpacing={6} mt={4} role="group" aria-labelledby="mf-color-label">
        {PALETTE.map((hex) => (
          <ColorSwatch
            key={hex}
            component="button"
            type="button"
            color={hex}
            size={24}
            aria-label={hex}
            aria-pressed={current === hex}
            disabled={disabled}
            onClick={() => onChange(hex)}
            style={{ cursor: disabled ? 'default' : 'pointer', color: '#fff' }}
          >
            {current === hex ? <CheckIcon style={{ width: 11, height: 11 }} /> : null}
          </ColorSwatch>
        ))}
      </SimpleGrid>
    </Input.Wrapper>
  );
}
