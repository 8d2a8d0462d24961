//! The window's event loop: eframe's, with the pointer's input that changes nothing drawn held
//! back on its way in ([`crate::ui::platform::quiet_input`]).

use std::time::Instant;

use eframe::egui::pos2;
use eframe::UserEvent;
use winit::application::ApplicationHandler;
use winit::event::{DeviceEvent, DeviceId, ElementState, MouseButton, StartCause, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow};
use winit::window::WindowId;

use crate::ui::platform::quiet_input::{self, Button, Gate, Pointer, SharedZone};

/// eframe's application `inner`, given the window's events through a [`Gate`] under the zone
/// the window publishes in `zone`.
pub struct InputFilter<A> {
    inner: A,
    zone: SharedZone,
    gate: Gate<(WindowId, WindowEvent)>,
}

impl<A: ApplicationHandler<UserEvent>> InputFilter<A> {
    /// Filter the events on their way to `inner`.
    pub fn new(inner: A, zone: SharedZone) -> Self {
        InputFilter {
            inner,
            zone,
            gate: Gate::default(),
        }
    }

    fn pass(&mut self, event_loop: &ActiveEventLoop, events: Vec<(WindowId, WindowEvent)>) {
        for (window, event) in events {
            self.inner.window_event(event_loop, window, event);
        }
    }
}

/// What `event` is to the gate.
fn kind(event: &WindowEvent) -> Pointer {
    match event {
        WindowEvent::CursorMoved { position, .. } => {
            Pointer::Moved(pos2(position.x as f32, position.y as f32))
        }
        WindowEvent::MouseInput {
            state: ElementState::Pressed,
            button: MouseButton::Left | MouseButton::Right,
            ..
        } => Pointer::Pressed(Button::Board),
        WindowEvent::MouseInput {
            state: ElementState::Pressed,
            ..
        } => Pointer::Pressed(Button::Other),
        WindowEvent::MouseInput { .. } => Pointer::Released,
        WindowEvent::CursorLeft { .. } => Pointer::Left,
        WindowEvent::ModifiersChanged(modifiers) => Pointer::Modifiers(modifiers.state().bits()),
        WindowEvent::RedrawRequested
        | WindowEvent::AxisMotion { .. }
        | WindowEvent::ActivationTokenDone { .. } => Pointer::Passive,
        _ => Pointer::Other,
    }
}

impl<A: ApplicationHandler<UserEvent>> ApplicationHandler<UserEvent> for InputFilter<A> {
    fn new_events(&mut self, event_loop: &ActiveEventLoop, cause: StartCause) {
        self.inner.new_events(event_loop, cause);
    }

    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        self.inner.resumed(event_loop);
    }

    fn user_event(&mut self, event_loop: &ActiveEventLoop, event: UserEvent) {
        self.inner.user_event(event_loop, event);
    }

    fn window_event(
        &mut self,
        event_loop: &ActiveEventLoop,
        window_id: WindowId,
        event: WindowEvent,
    ) {
        let zone = quiet_input::read(&self.zone);
        let kind = kind(&event);
        let events = self
            .gate
            .offer(kind, (window_id, event), zone.as_ref(), Instant::now());
        self.pass(event_loop, events);
    }

    fn device_event(
        &mut self,
        event_loop: &ActiveEventLoop,
        device_id: DeviceId,
        event: DeviceEvent,
    ) {
        // The raw motion of the mouse moves nothing in the window but a drag; without a button
        // down it would only cost a frame.
        if matches!(event, DeviceEvent::MouseMotion { .. }) && !self.gate.button_down() {
            return;
        }
        self.inner.device_event(event_loop, device_id, event);
    }

    fn about_to_wait(&mut self, event_loop: &ActiveEventLoop) {
        self.inner.about_to_wait(event_loop);
        let zone = quiet_input::read(&self.zone);
        let events = self.gate.due(zone.as_ref(), Instant::now());
        self.pass(event_loop, events);
        if let Some(deadline) = self.gate.deadline() {
            match event_loop.control_flow() {
                ControlFlow::Wait => event_loop.set_control_flow(ControlFlow::WaitUntil(deadline)),
                ControlFlow::WaitUntil(at) if deadline < at => {
                    event_loop.set_control_flow(ControlFlow::WaitUntil(deadline));
                }
                ControlFlow::WaitUntil(_) | ControlFlow::Poll => {}
            }
        }
    }

    fn suspended(&mut self, event_loop: &ActiveEventLoop) {
        self.inner.suspended(event_loop);
    }

    fn exiting(&mut self, event_loop: &ActiveEventLoop) {
        self.inner.exiting(event_loop);
    }

    fn memory_warning(&mut self, event_loop: &ActiveEventLoop) {
        self.inner.memory_warning(event_loop);
    }
}
