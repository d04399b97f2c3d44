// A canvas the size of the scroll viewport, behind the cards; it redraws its layer with the current scroll offset.
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef } from 'react';
import classes from './berth-planner.module.css';

export type TViewportCanvasHandle = { redraw: (scrollX: number, scrollY: number) => void };
export type TDrawLayer = (ctx: CanvasRenderingContext2D, view: { x: number; y: number; width: number; height: number }) => void;

export const ViewportCanvas = forwardRef<TViewportCanvasHandle, { draw: TDrawLayer; style?: React.CSSProperties; testId?: string }>(function ViewportCanvas({ draw, style, testId }, ref) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const scroll = useRef({ x: 0, y: 0 });
  const paint = useCallback(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const width = canvas.clientWidth;
    const height = canvas.clientHeight;
    if (width === 0 || height === 0) return;
    const ratio = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
    }
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    draw(ctx, { x: scroll.current.x, y: scroll.current.y, width, height });
  }, [draw]);
  useImperativeHandle(ref, () => ({
    redraw: (x, y) => {
      scroll.current = { x, y };
      paint();
    },
  }), [paint]);
  useEffect(() => {
    paint();
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const observer = new ResizeObserver(() => paint());
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [paint]);
  return <canvas ref={canvasRef} className={classes.canvas} style={style} data-testid={testId} aria-hidden />;
});
